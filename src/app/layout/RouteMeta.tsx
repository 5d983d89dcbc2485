/** The page title and meta description from the deepest route's meta (staticData). */
import { useMatches } from '@tanstack/react-router';
import { useEffect } from 'react';

const SITE = 'Glimmer';

export function setPageMeta(title: string | undefined, description: string | undefined) {
  document.title = title ? `${title} · ${SITE}` : SITE;
  if (description === undefined) return;
  let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.append(meta);
  }
  meta.content = description;
}

export function RouteMeta() {
  const meta = useMatches({
    select: (matches) => {
      const match = [...matches].reverse().find((m) => m.staticData?.title);
      return { title: match?.staticData.title, description: match?.staticData.description };
    },
  });
  useEffect(() => setPageMeta(meta.title, meta.description), [meta.title, meta.description]);
  return null;
}
