import { useLingui } from '@lingui/react';
import { keepPreviousData, useQuery, useQueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useState } from 'react';
import type { Banner } from './banner-carousel';

export type Stage = { step: 'banners'; banners: Banner[] } | { step: 'modal' } | null;

/** The banners' query in the language in use (invite's or refund's): asked again under its new key when the member switches. */
export type BannersQuery<K extends QueryKey> = UseQueryOptions<{ banners: Banner[] }, Error, { banners: Banner[] }, K>;

/**
 * §2 "Opening invite or refund first fetches banners": none, the plain modal opens; some, the banner
 * carousel shows and its closing opens the plain modal. No banners to fetch (offline, refused) is none.
 * `prepare` runs as the member opens (the modal's code starts loading). While the banners show they follow
 * the member's language: a switch asks for them in the new one, the old ones showing until they come.
 */
export function useBannersFirst<K extends QueryKey>(bannersQuery: () => BannersQuery<K>, prepare?: () => void) {
  // re-rendered when the member switches language, so the banners' query is the new language's
  useLingui();
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<Stage>(null);
  const [opening, setOpening] = useState(false);
  const showing = stage?.step === 'banners';
  const live = useQuery({ ...bannersQuery(), enabled: showing, placeholderData: keepPreviousData, retry: false });
  async function open() {
    if (opening) return;
    setOpening(true);
    prepare?.();
    let banners: Banner[] = [];
    try {
      banners = (await queryClient.fetchQuery(bannersQuery())).banners;
    } catch {
      // no banners to show: straight to the modal, which works from what is saved
    }
    setOpening(false);
    setStage(banners.length > 0 ? { step: 'banners', banners } : { step: 'modal' });
  }
  return {
    // the banners in the language in use once it has answered, else those the opening found
    stage: showing && live.data?.banners.length ? { step: 'banners' as const, banners: live.data.banners } : stage,
    opening,
    open: () => void open(),
    toModal: () => setStage({ step: 'modal' }),
    close: () => setStage(null),
  };
}
