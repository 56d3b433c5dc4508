/**
 * The library grid, virtualised (@tanstack/react-virtual): only the rows on
 * screen (plus a few) are in the DOM, so 5,000 games filter as fast as 50.
 */
import { observeElementRect, useVirtualizer, type Rect, type Virtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useRef } from 'react';
import { GameCard } from '../GameCard.js';
import { useGamesStore, type PlayingGame } from '../gamesStore.js';
import { useGamesTab } from '../tab/gamesTab.js';
import type { LibraryGame } from './library.js';
import { columnsFor, GRID_GAP, useGridWidth } from './useGridColumns.js';

/** Art 16:9 of the card width plus the body (name, categories, button). */
/** Before layout (or without any, as in jsdom) the grid assumes a screen-sized view rather than none. */
const FALLBACK_RECT: Rect = { width: 1280, height: 720 };
const observeRect = (instance: Virtualizer<HTMLDivElement, Element>, cb: (rect: Rect) => void) =>
  observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : FALLBACK_RECT));

const rowHeight = (width: number, columns: number) => {
  const cardWidth = (width - GRID_GAP * (columns - 1)) / columns;
  return Math.round((cardWidth * 9) / 16 + 128 + GRID_GAP);
};

/** The playing minutes of a card (the longest of its platforms' entries), or null when none plays. */
function playingMinutes(games: Array<PlayingGame | undefined>): number | null {
  const minutes = games.flatMap((g) => (g ? [g.elapsedTimeMinutes] : []));
  return minutes.length ? Math.max(...minutes) : null;
}

/** Memoised: a keystroke's own frame (the search box) does not draw the grid again; the filtered list does. */
export const VirtualGameGrid = memo(function VirtualGameGrid({ games: items }: { games: readonly LibraryGame[] }) {
  const playing = useGamesStore((s) => s.playing);
  const scrollRef = useRef<HTMLDivElement>(null);
  const width = useGridWidth(scrollRef);
  const columns = columnsFor(width);
  const rows = Math.ceil(items.length / columns);
  const estimate = rowHeight(width || 216, columns);
  const virtualizer = useVirtualizer({
    count: rows,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimate,
    overscan: 2,
    initialRect: FALLBACK_RECT,
    observeElementRect: observeRect,
  });
  const { images, library, thumbnailUrl } = useGamesTab();
  const open = useCallback((item: LibraryGame) => library.openGame(item), [library]);
  return (
    <div className="game-grid" ref={scrollRef} data-testid="game-grid" data-count={items.length}>
      <div className="game-grid__space" style={{ blockSize: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((row) => (
          <div
            key={`${row.key}:${columns}`}
            className="game-grid__row"
            style={{
              gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
              blockSize: row.size - GRID_GAP,
              transform: `translateY(${row.start}px)`,
            }}
          >
            {/* Keyed by place, not by game: a keystroke that changes which games a row shows updates its
                cards in place instead of building new ones (issue 27; a card keeps no state of its own). */}
            {items.slice(row.index * columns, row.index * columns + columns).map((item, place) => (
              <GameCard
                key={place}
                item={item}
                thumbnailUrl={thumbnailUrl(item.game)}
                images={images}
                playingMinutes={playingMinutes(item.entries.map((e) => playing[e.Json_ID]))}
                onOpen={open}
              />
            ))}
          </div>
        ))}
      </div>
    </div>
  );
});
