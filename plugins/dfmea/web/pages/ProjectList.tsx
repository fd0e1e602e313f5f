// the DFMEA project list is the shared list as it is: the kind in context is the design kind unless a provider says otherwise
export { FmeaProjectList as default } from '@fmea/fmea-ui';
