/**
 * The cheap first look at a host's text (issue 30): could it hold a formula? An opener (`\(`,
 * `\[` or `$$`) with a closer somewhere after it. False means it surely holds none, and RichText
 * shows the plain string without loading anything; true may still be wrong (the closer of
 * another kind, a formula too long…), and splitMath decides. Apart from split-math.ts so the
 * first load carries this line only.
 */
export function hasMath(text: string): boolean {
  const opener = text.search(/\\[([]|\$\$/)
  return opener >= 0 && /\\[)\]]|\$\$/.test(text.slice(opener + 2))
}
