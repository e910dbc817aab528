/**
 * Fulfilment (docs/fulfilment.md): a paid order handed to the print factory behind one interface, its
 * HTTP implementation, and the factory sandbox started in-process when no factory is configured.
 */
export {
  FulfilmentError,
  type FulfilmentEvent,
  type FulfilmentFailure,
  type FulfilmentOrder,
  type FulfilmentProvider,
  type FulfilmentState,
  type FulfilmentStatus,
  type Shipment,
} from './types.js';
export { fulfilmentProviderFrom } from './provider.js';
export { startFactoryIfUnset } from './sandbox.js';
