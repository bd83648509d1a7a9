import { Icon, type IconProps } from '@chakra-ui/react';

export interface MdiIconProps extends Omit<IconProps, 'children'> {
  /** A path from @mdi/js, imported by name so only the icons in use are bundled. */
  path: string;
  /** Text for assistive technology; without it the icon is decorative. */
  label?: string;
}

/** A Material Design icon (docs/behaviour.md#theme) drawn in the current text colour. */
export function MdiIcon({ path, label, boxSize = '1.25em', ...rest }: MdiIconProps) {
  return (
    <Icon boxSize={boxSize} {...rest} aria-hidden={label ? undefined : true} aria-label={label} role={label ? 'img' : undefined}>
      <svg viewBox="0 0 24 24" focusable="false">
        <path fill="currentColor" d={path} />
      </svg>
    </Icon>
  );
}
