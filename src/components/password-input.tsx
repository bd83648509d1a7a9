import { IconButton, Input, InputGroup, type InputProps } from '@chakra-ui/react';
import { MdiIcon } from '@/components/mdi-icon';
import { mdiEyeOffOutline, mdiEyeOutline } from '@mdi/js';
import { forwardRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A password box with a show/hide button (people on phones mistype what they cannot see). */
export const PasswordInput = forwardRef<HTMLInputElement, InputProps>(function PasswordInput(props, ref) {
  const { t } = useTranslation('forms');
  const [visible, setVisible] = useState(false);
  return (
    <InputGroup
      endElement={
        <IconButton
          type="button"
          variant="ghost"
          size="sm"
          me="-2"
          aria-label={visible ? t('password.hide') : t('password.show')}
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
