/** A number typed by a person: "" and "1e-3 h" are not numbers (Number('') is 0, parseFloat('1e-3 h') is 0.001). */
export const numberOf = (text: string): number | null => (/^\s*[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?\s*$/i.test(text) ? Number(text) : null);
