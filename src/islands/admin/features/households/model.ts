// What tells two households apart where only a line fits (the merge list): several families share a surname, so
// the name alone ("Asante household" six times) is no choice at all (docs/PRODUCT.md (Households)).
import type { Household } from '../../../../lib/shared/households/api';

/** "Asante household (head: Kofi Asante; 12 Ring Road)"; "no head" or "no address" when a household lacks one. */
export function householdChoiceLabel(household: Household): string {
  const head = household.head ? `head: ${household.head.name}` : 'no head';
  return `${household.name} (${head}; ${household.address ?? 'no address'})`;
}
