export { type Colors, colorEnabled, colorsFor, type Style } from './color.js';
export { type AnnotationPlace, escapeData, escapeProperty, githubAnnotation } from './github.js';
export { countsText, plural } from './plural.js';
export { closest, didYouMean, explainArgsError, unknownOption } from './suggest.js';
