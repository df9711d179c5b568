// Text from a recording made safe for a terminal: @svc-contracts/har's, for the checker's folders that print it.
export { printable } from '@svc-contracts/har';
