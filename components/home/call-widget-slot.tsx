/**
 * Where the CallWidget island mounts on the Home page. It renders nothing until the
 * widget exists, so the page never shows a dead control.
 */
export function CallWidgetSlot() {
  return null;
}
