import { createFileRoute } from '@tanstack/react-router';
import { howtoCatalog } from '../../features/howto/catalog';
import { HowtoPage } from '../../features/howto/howto-page';
import { loadCatalogPart } from '../../lib/i18n';

// the loader goes into the page's own chunk with the component: the sign-in page's route map carries
// only this route's entry, not the catalog loaders it imports
export const Route = createFileRoute('/_public/howto')({
  codeSplitGroupings: [['loader', 'component']],
  loader: () => loadCatalogPart(howtoCatalog),
  component: HowtoPage,
});
