/** The disclaimer the spec shows on several screens. */
export function Disclaimer() {
  return (
    <aside className="disclaimer" aria-label="Disclaimer">
      <p>
        <strong>Please note:</strong> online prices are quotes for made-to-measure products, in rand including 15% VAT, valid for 30 days.
        Measurements taken from photos or the camera are estimates: we confirm every size before production, and a site visit is available
        on the Garden Route. Colours on screen may differ slightly from the real fabric or finish.
      </p>
    </aside>
  );
}
