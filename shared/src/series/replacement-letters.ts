/** Replacement letters used in formulas: A to Z, then AA, AB … AZ, BA … (spreadsheet columns). */
export const replacementLetter = (index: number): string => {
  if (!Number.isInteger(index) || index < 0) throw new RangeError(`Invalid letter index ${index}`);
  let letters = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  }
  return letters;
};

/** The first letter not taken yet. */
export const nextReplacementLetter = (taken: Iterable<string>): string => {
  const used = new Set(taken);
  for (let index = 0; ; index += 1) {
    const letter = replacementLetter(index);
    if (!used.has(letter)) return letter;
  }
};
