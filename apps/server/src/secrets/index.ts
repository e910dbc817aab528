export { deriveKey, loadSecretKey, SECRET_KEY_BYTES, SECRET_KEY_FILE } from './secretKey.js';
export { createSigner, type Signer } from './signing.js';
export { createSealer, SHOP_SECRETS, type Sealer } from './sealing.js';
