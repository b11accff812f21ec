import type { SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement>;

function Icon({ children, ...props }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="28"
      height="28"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

export function AwardIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="9" r="6" />
      <path d="m8.5 14 -1.5 7 5-3 5 3-1.5-7" />
      <path d="m9.5 9 1.7 1.7L14.5 7.5" />
    </Icon>
  );
}

export function MuscleIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M7 20c-2-1-3-3-3-6 0-4 2-8 5-10l2 2-1.5 2.5L12 10c2-1 4-1 6 0 2 1.2 2.5 4 1 6.5-1.6 2.5-5 3.5-8 3.5H7Z" />
      <path d="M12 10c0 2 1 3 2.5 3.5" />
    </Icon>
  );
}

export function LeafIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M5 19c0-8 5-14 15-15 0 10-5 15-13 15" />
      <path d="M5 19c3-4 6-7 10-9" />
    </Icon>
  );
}

export function FeatherIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M20 4c-7 0-12 4-13 12l-2 4" />
      <path d="M20 4c0 7-4 12-12 13" />
      <path d="M9 13h6" />
    </Icon>
  );
}

export function HeartIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 20s-8-4.6-8-10.5A4.5 4.5 0 0 1 12 7a4.5 4.5 0 0 1 8 2.5C20 15.4 12 20 12 20Z" />
      <path d="M6 12h3l1.5-2.5 2 5 1.5-2.5h4" />
    </Icon>
  );
}

export function WheatOffIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 21V9" />
      <path d="M12 13c-2 0-3.5-1.5-3.5-3.5C10.5 9.5 12 11 12 13Zm0 0c2 0 3.5-1.5 3.5-3.5C13.5 9.5 12 11 12 13Z" />
      <path d="M12 8c-1.5-1-1.5-3 0-5 1.5 2 1.5 4 0 5Z" />
      <path d="m4 4 16 16" />
    </Icon>
  );
}

export function FlameIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 21a6 6 0 0 0 6-6c0-4-3-6-4-10-2 2-3 4-3 6-1-1-1.5-2-1.5-3C7 10 6 12.5 6 15a6 6 0 0 0 6 6Z" />
    </Icon>
  );
}

export function StarIcon(props: IconProps) {
  return (
    <svg
      viewBox="0 0 20 20"
      width="16"
      height="16"
      fill="currentColor"
      aria-hidden="true"
      {...props}
    >
      <path d="m10 1.5 2.6 5.4 5.9.8-4.3 4.1 1 5.8L10 14.8l-5.2 2.8 1-5.8L1.5 7.7l5.9-.8L10 1.5Z" />
    </svg>
  );
}

export function PlusIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 5v14M5 12h14" />
    </Icon>
  );
}

export function PauseIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M9 6v12M15 6v12" />
    </Icon>
  );
}

export function PlayIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M8 5.5v13l10-6.5-10-6.5Z" />
    </Icon>
  );
}
