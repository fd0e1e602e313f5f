// The SDK is its own package now (@fmea/sdk); this old path serves plugins until their imports move to it.
export * from '@fmea/sdk';
