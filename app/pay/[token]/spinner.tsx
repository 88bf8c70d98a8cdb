/** Decorative: the text beside it says what is happening. */
export function Spinner() {
  return <span className="checkout-spinner" aria-hidden="true" />;
}
