import { Alert, Button } from 'antd';

type TemplateOfferProps = {
  /** The machine type just placed; nothing is shown without one (none placed, or it was bound or removed). */
  typeName: string | undefined;
  onBind: () => void;
  onDismiss: () => void;
};

/**
 * Placing a machine type offers to bind its sensor points from a device (issue 25 templates; docs/visual-dashboard.md
 * 'Web: templates'): a bar above the canvas, not a dialog, so laying out a plant first and binding later stays one
 * click away from either. It goes when the person binds, dismisses it, or places another machine.
 */
export function TemplateOffer({ typeName, onBind, onDismiss }: TemplateOfferProps) {
  if (typeName === undefined) {
    return null;
  }
  return (
    <Alert
      type="info"
      showIcon
      closable
      onClose={onDismiss}
      style={{ marginBottom: 12 }}
      data-testid="template-offer"
      message={`${typeName} placed: bind its sensor points from one device in one step?`}
      action={
        <Button size="small" type="primary" onClick={onBind}>
          Bind from device…
        </Button>
      }
    />
  );
}
