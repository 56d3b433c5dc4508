/** The Squad Hub's service for its components: loaded with the panel (null until then). */
import { useEffect, useState } from 'react';
import { useSquadFeature } from './index.js';
import type { SquadService } from './squadService.js';

export function useSquad(): SquadService | null {
  const feature = useSquadFeature();
  const [service, setService] = useState<SquadService | null>(feature.current);
  useEffect(() => {
    let live = true;
    void feature.load().then((loaded) => live && setService(loaded));
    return () => {
      live = false;
    };
  }, [feature]);
  return service;
}
