'use client';
import { useState } from 'react';
import type { RewardCategory } from '@/lib/graphql/generated/graphql';
import { apiHref } from '@/lib/files/api-href';

// A reward whose file names no photo gets its category's drawing instead.
const ICONS: Record<RewardCategory, string> = {
  FERRAMENTAS: 'M14 4l6 6-3 3-6-6zM11 7 3 15v6h6l8-8',
  ACESSORIOS: 'M3 20h18M5 20V9h14v11M9 9V5h6v4M9 14h6',
  CURSOS: 'M2 9l10-5 10 5-10 5zM6 11v5c3 2 9 2 12 0v-5',
  VALES: 'M3 7h18v10H3zM8 7v10M12 12h5',
  EXPERIENCIAS: 'M12 3l2.6 5.6 6 .7-4.5 4.1 1.2 6L12 16.5 6.7 19.4l1.2-6L3.4 9.3l6-.7z',
};

export interface RewardThumbnail {
  thumbnailUrl: string;
  thumbnailWidth: number;
  thumbnailHeight: number;
}

/**
 * The reward's picture: its first photo's thumbnail (sized by the API, so the card keeps its place while it loads)
 * or its category's drawing. The card or the page names the reward, so the picture is decoration.
 */
export function RewardPicture({
  category,
  large = false,
  photo,
}: {
  category: RewardCategory;
  large?: boolean;
  photo?: RewardThumbnail | null;
}) {
  const [failed, setFailed] = useState(false);
  if (photo && !failed) {
    return (
      // eslint-disable-next-line @next/next/no-img-element -- static export, the API gives the size
      <img
        className="reward-picture reward-picture--photo"
        src={apiHref(photo.thumbnailUrl)}
        width={photo.thumbnailWidth}
        height={photo.thumbnailHeight}
        alt=""
        loading="lazy"
        decoding="async"
        // Without signal a photo this device never kept cannot load: the category's drawing takes its place.
        onError={() => setFailed(true)}
      />
    );
  }
  return (
    <div
      className={`reward-picture reward-picture--${category.toLowerCase()}${large ? ' reward-picture--large' : ''}`}
      aria-hidden="true"
    >
      <svg
        viewBox="0 0 24 24"
        width="48"
        height="48"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.5}
        strokeLinecap="round"
        strokeLinejoin="round"
        focusable="false"
      >
        <path d={ICONS[category]} />
      </svg>
    </div>
  );
}
