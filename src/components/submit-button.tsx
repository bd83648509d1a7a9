import { Button, type ButtonProps } from '@chakra-ui/react';

/** A form's main action: submits it, in the brand colour, large, with its own loading text. */
export function SubmitButton(props: ButtonProps) {
  return <Button type="submit" colorPalette="primary" size="lg" {...props} />;
}
