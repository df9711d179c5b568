import type { RequestParts } from './request-parts.js';
import type { ResolvedParameter } from './resolve.js';

/** A path parameter's text by its style: `label` (`.v`), `matrix` (`;name=v`), else `simple` (`v`). */
export function pathReader(parameter: ResolvedParameter): (parts: RequestParts) => string | undefined {
  const { name } = parameter;
  if (parameter.style === 'label') {
    return (parts) => {
      const text = parts.pathParams[name];
      return text === undefined ? undefined : text.replace(/^\./, '');
    };
  }
  if (parameter.style === 'matrix') {
    const prefix = new RegExp(`^;${name}=`);
    return (parts) => {
      const text = parts.pathParams[name];
      return text === undefined ? undefined : text.replace(prefix, '');
    };
  }
  return (parts) => parts.pathParams[name];
}
