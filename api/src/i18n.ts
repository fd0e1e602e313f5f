import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { registerCatalogRoot } from '@fmea/core/i18n';

// the API's own message keys (request.*, …) live in api/src/**/locales
registerCatalogRoot(dirname(fileURLToPath(import.meta.url)));
