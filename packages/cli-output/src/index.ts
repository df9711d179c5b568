export { type Colors, colorEnabled, colorsFor, type Style } from './color.js';
export { countsText, plural } from './plural.js';
export { closest, didYouMean, explainArgsError, unknownOption } from './suggest.js';
