export { dashboardQueries } from './api/dashboard-queries';
export { DashboardPage } from './components/dashboard-page';
