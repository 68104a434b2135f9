/**
 * Where a tour takes place, as the guide directory names places: a product's route reads
 * `Hanoi → Ha Long Bay` (from where it starts, through its stops), and guides are located in the
 * city a tour starts from. Null when no order names a route.
 */
export function tourPlace(orders: ReadonlyArray<{ product: { route: string } }>): string | null {
  for (const order of orders) {
    const start = order.product.route.split('→')[0]?.trim();
    if (start) return start;
  }
  return null;
}
