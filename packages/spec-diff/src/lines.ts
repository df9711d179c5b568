// The pointer-to-line finder is the contract model's (one for the gate and the checker's annotations).
export { lineFinder } from '@svc-contracts/contract-model';
