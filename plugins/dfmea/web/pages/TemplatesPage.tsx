// the DFMEA area's templates page (TD…) is the shared page with the design kind
export { TemplatesPage as default } from '@fmea/fmea-ui';
