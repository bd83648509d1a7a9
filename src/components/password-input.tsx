import { IconButton, Input, InputGroup, type InputProps } from '@chakra-ui/react';
import { MdiIcon } from '@/components/mdi-icon';
import { mdiEyeOffOutline, mdiEyeOutline } from '@mdi/js';
import { forwardRef, useState } from 'react';

/** A password box with a show/hide button (people on phones mistype what they cannot see). */
export const PasswordInput = forwardRef<HTMLInputElement, InputProps>(function PasswordInput(props, ref) {
  const [visible, setVisible] = useState(false);
  return (
    <InputGroup
      endElement={
        <IconButton
          type="button"
          variant="ghost"
          size="sm"
          me="-2"
          aria-label={visible ? 'Hide password' : 'Show password'}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          <MdiIcon path={visible ? mdiEyeOffOutline : mdiEyeOutline} />
        </IconButton>
      }
    >
      <Input ref={ref} type={visible ? 'text' : 'password'} bg="bg" {...props} />
    </InputGroup>
  );
});
