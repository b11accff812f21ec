type FocusTarget = () => HTMLElement | null | undefined;

/**
 * Call as a list's move starts; call what it returns once the move is done. Focus then goes back
 * to the moved item's button, after the list has drawn, but only if focus is still where the
 * owner left it (on the pressed button, or dropped to the page while the button was disabled or
 * moved): an owner who has since gone on to another field keeps it there, and a keystroke meant
 * for that field never presses a button.
 */
export function holdFocus(): (target: FocusTarget) => void {
  const pressed = document.activeElement;
  return (target) =>
    requestAnimationFrame(() => {
      const now = document.activeElement;
      if (now !== pressed && now !== document.body && now !== null) return;
      target()?.focus();
    });
}
