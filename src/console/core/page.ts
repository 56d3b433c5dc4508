/** The browser tab: its title with what waits in the inbox, and a short tone when something new arrives. */
export interface Page {
  /** "(3) Spawnpoint console" while 3 things wait; the plain title at 0. */
  setWaiting(count: number): void;
  /** Writes the title again (the language changed). */
  retitle(): void;
  chime(): void;
}

export function browserPage(doc: Document, baseTitle: () => string): Page {
  let waiting = 0;
  const retitle = () => {
    doc.title = waiting > 0 ? `(${waiting}) ${baseTitle()}` : baseTitle();
  };
  return {
    setWaiting(count) {
      waiting = count;
      retitle();
    },
    retitle,
    /** Two notes (Web Audio); silent where there is no audio. */
    chime() {
      try {
        const audio = new AudioContext();
        for (const [i, freq] of [660, 880].entries()) {
          const osc = audio.createOscillator();
          const gain = audio.createGain();
          osc.frequency.value = freq;
          gain.gain.value = 0.08;
          osc.connect(gain).connect(audio.destination);
          osc.start(audio.currentTime + i * 0.15);
          osc.stop(audio.currentTime + i * 0.15 + 0.12);
        }
      } catch {
        // no audio here
      }
    },
  };
}
