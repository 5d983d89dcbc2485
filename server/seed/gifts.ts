/**
 * The gift catalogue; the first six are the new-user gift package exactly (spec 002 §9). Diamond
 * and Crown are the limited gifts (Intimacy Level 4, spec 001 §6; migration 043 marks them too).
 */
export interface GiftSeed {
  giftid: string;
  name: string;
  creditHundredths: number;
  newUserNum: number;
  intimacyLevel?: number;
}

export const DEMO_GIFTS: readonly GiftSeed[] = [
  { giftid: 'G101', name: 'Marry Me', creditHundredths: 2000, newUserNum: 1 },
  { giftid: 'G102', name: 'First Sight Love', creditHundredths: 600, newUserNum: 1 },
  { giftid: 'G103', name: 'Fancy Car', creditHundredths: 700, newUserNum: 1 },
  { giftid: 'G104', name: 'Heart', creditHundredths: 2, newUserNum: 2 },
  { giftid: 'G105', name: 'Kiss', creditHundredths: 40, newUserNum: 2 },
  { giftid: 'G106', name: 'Rose', creditHundredths: 6, newUserNum: 2 },
  { giftid: 'G107', name: 'Teddy Bear', creditHundredths: 150, newUserNum: 0 },
  { giftid: 'G108', name: 'Chocolate Box', creditHundredths: 80, newUserNum: 0 },
  { giftid: 'G109', name: 'Bouquet', creditHundredths: 200, newUserNum: 0 },
  { giftid: 'G110', name: 'Champagne', creditHundredths: 300, newUserNum: 0 },
  { giftid: 'G111', name: 'Diamond', creditHundredths: 1500, newUserNum: 0, intimacyLevel: 4 },
  { giftid: 'G112', name: 'Crown', creditHundredths: 1000, newUserNum: 0, intimacyLevel: 4 },
  { giftid: 'G113', name: 'Birthday Cake', creditHundredths: 120, newUserNum: 0 },
  { giftid: 'G114', name: 'Perfume', creditHundredths: 250, newUserNum: 0 },
  { giftid: 'G115', name: 'Star', creditHundredths: 10, newUserNum: 0 },
  { giftid: 'G116', name: 'Lucky Clover', creditHundredths: 30, newUserNum: 0 },
];
