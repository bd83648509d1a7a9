/**
 * A JWT_SECRET production accepts (made once with `openssl rand -base64 48`), for tests that parse a
 * production environment. Known to everyone who reads this file, so a test value only.
 */
export const PRODUCTION_TEST_JWT_SECRET = '2hH8aY7zBtvTgM6dNa1FmYfI4f6PoxWAQZZSEq4iqMf4XVfNEtzJvq/4D0h8jddX';
