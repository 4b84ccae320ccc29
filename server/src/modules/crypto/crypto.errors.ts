import { CRYPTO_RECEIPT_REQUIRED_MESSAGE, CRYPTO_SELECT_MESSAGE, NETWORK_MESSAGE } from '@strongroom/shared';
import { AppError, notFound } from '../../common/app-error';

export const requestNotFound = () => notFound('Crypto request not found');
export const unknownAsset = () => new AppError(400, CRYPTO_SELECT_MESSAGE, { crypto: CRYPTO_SELECT_MESSAGE });
export const receiptRequired = () => new AppError(400, CRYPTO_RECEIPT_REQUIRED_MESSAGE, { receipt: CRYPTO_RECEIPT_REQUIRED_MESSAGE });
export const receiptUsedBefore = () =>
  new AppError(409, 'This receipt was already submitted with another deposit. Upload the receipt of this transfer.', { receipt: 'This receipt was already submitted with another deposit' });

/** The customer chose (or typed) a network the bank does not use for this asset. */
export function wrongNetwork(symbol: string, network: string) {
  const message = `${symbol} is held on the ${network} network only`;
  return new AppError(400, message, { network: network ? message : NETWORK_MESSAGE });
}

/** Not enough available units: the amount plus its fee, both leaving the holding (docs/decisions/0008-crypto-custody.md). */
export function insufficientUnits(symbol: string, available: string, needed: string) {
  const message = `Not enough ${symbol} in your wallet: this withdrawal needs ${needed} ${symbol} including the network fee, and ${available} ${symbol} is available`;
  return new AppError(400, message, { amount: message });
}

export const ownAddress = () =>
  new AppError(400, "That is the bank's own deposit address: enter the address of the wallet you are sending to", { address: 'Enter the address of the wallet you are sending to' });
