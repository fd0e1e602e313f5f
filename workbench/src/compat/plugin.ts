// The plugin contract is in the SDK package now (@fmea/sdk/plugin); this old path serves plugins until their imports move to it.
export * from '@fmea/sdk/plugin';
