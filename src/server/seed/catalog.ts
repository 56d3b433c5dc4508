/**
 * The demo cafe's game and app catalogue: real titles across every platform
 * (0–11) and every category (0–30). A game sold on several stores appears
 * once per store with a shared App_ID and IsMultiPlatform true.
 */
import { Category as C } from '../../shared/catalog/categories.js';
import { Platform as P } from '../../shared/catalog/platforms.js';

export interface CatalogEntry {
  jsonId: string;
  name: string;
  platform: number;
  categories: number[];
  appId?: string;
  multi?: boolean;
}

const launchers: CatalogEntry[] = [
  { jsonId: 'plat-steam', name: 'Steam', platform: P.Steam, categories: [C.Platform] },
  { jsonId: 'plat-epic', name: 'Epic Games Launcher', platform: P.Epic, categories: [C.Platform] },
  { jsonId: 'plat-spawnpoint', name: 'Spawnpoint Arcade', platform: P.Host, categories: [C.Platform] },
  { jsonId: 'plat-riot', name: 'Riot Client', platform: P.Riot, categories: [C.Platform] },
  { jsonId: 'plat-ea', name: 'EA app', platform: P.EA, categories: [C.Platform] },
  { jsonId: 'plat-ubisoft', name: 'Ubisoft Connect', platform: P.Ubisoft, categories: [C.Platform] },
  { jsonId: 'plat-xbox', name: 'Xbox App', platform: P.XboxApp, categories: [C.Platform] },
  { jsonId: 'plat-battlenet', name: 'Battle.net', platform: P.Other, categories: [C.Platform] },
];

const apps: CatalogEntry[] = [
  { jsonId: 'app-chrome', name: 'Google Chrome', platform: P.Application, categories: [C.WebBrowser] },
  { jsonId: 'app-firefox', name: 'Mozilla Firefox', platform: P.Application, categories: [C.WebBrowser] },
  { jsonId: 'app-edge', name: 'Microsoft Edge', platform: P.Application, categories: [C.WebBrowser] },
  { jsonId: 'app-discord', name: 'Discord', platform: P.Application, categories: [C.Communication, C.VoiceChat] },
  { jsonId: 'app-teamspeak', name: 'TeamSpeak', platform: P.Application, categories: [C.Communication, C.VoiceChat] },
  { jsonId: 'app-whatsapp', name: 'WhatsApp', platform: P.Application, categories: [C.Communication] },
  { jsonId: 'app-obs', name: 'OBS Studio', platform: P.Application, categories: [C.Software] },
  { jsonId: 'app-spotify', name: 'Spotify', platform: P.Application, categories: [C.Software] },
  { jsonId: 'app-vlc', name: 'VLC media player', platform: P.Application, categories: [C.Software] },
  { jsonId: 'app-word', name: 'Microsoft Word', platform: P.Application, categories: [C.Software, C.Educational] },
  { jsonId: 'peripheral-logitech-ghub', name: 'Logitech G HUB', platform: P.Application, categories: [C.PeripheralSoftware] },
  { jsonId: 'peripheral-razer-synapse', name: 'Razer Synapse', platform: P.Application, categories: [C.PeripheralSoftware] },
  { jsonId: 'peripheral-steelseries-gg', name: 'SteelSeries GG', platform: P.Application, categories: [C.PeripheralSoftware] },
  { jsonId: 'peripheral-corsair-icue', name: 'Corsair iCUE', platform: P.Application, categories: [C.PeripheralSoftware] },
];

const shooters = [C.Action, C.FPS, C.Multiplayer];

const games: CatalogEntry[] = [
  // Steam
  { jsonId: 'game-cs2', name: 'Counter-Strike 2', platform: P.Steam, categories: [...shooters, C.FreeToPlay, C.CenterAccounts], appId: '730' },
  { jsonId: 'game-dota2', name: 'Dota 2', platform: P.Steam, categories: [C.MOBA, C.Strategy, C.Multiplayer, C.FreeToPlay], appId: '570' },
  { jsonId: 'game-pubg', name: 'PUBG: Battlegrounds', platform: P.Steam, categories: [C.BattleRoyale, C.FPS, C.TPS, C.Survival, C.FreeToPlay], appId: '578080' },
  { jsonId: 'game-gta5-steam', name: 'Grand Theft Auto V', platform: P.Steam, categories: [C.Action, C.Adventure, C.OpenWorld, C.TPS, C.CenterAccounts], appId: '271590', multi: true },
  { jsonId: 'game-r6-steam', name: 'Rainbow Six Siege', platform: P.Steam, categories: [...shooters, C.Strategy, C.CenterAccounts], appId: '359550', multi: true },
  { jsonId: 'game-apex-steam', name: 'Apex Legends', platform: P.Steam, categories: [...shooters, C.BattleRoyale, C.FreeToPlay], appId: '1172470', multi: true },
  { jsonId: 'game-eafc25-steam', name: 'EA SPORTS FC 25', platform: P.Steam, categories: [C.Sports, C.Multiplayer], appId: '2669320', multi: true },
  { jsonId: 'game-tekken8', name: 'Tekken 8', platform: P.Steam, categories: [C.Fighting, C.Multiplayer], appId: '1778820' },
  { jsonId: 'game-mk1', name: 'Mortal Kombat 1', platform: P.Steam, categories: [C.Fighting, C.Action], appId: '1971870' },
  { jsonId: 'game-dbd', name: 'Dead by Daylight', platform: P.Steam, categories: [C.Horror, C.Multiplayer, C.Survival], appId: '381210' },
  { jsonId: 'game-beat-saber', name: 'Beat Saber', platform: P.Steam, categories: [C.VR, C.Casual, C.Indie], appId: '620980' },
  { jsonId: 'game-tabletop-sim', name: 'Tabletop Simulator', platform: P.Steam, categories: [C.BoardGames, C.Multiplayer, C.Simulation], appId: '286160' },
  { jsonId: 'game-phasmophobia', name: 'Phasmophobia', platform: P.Steam, categories: [C.Horror, C.Multiplayer, C.Indie], appId: '739630' },
  // Epic
  { jsonId: 'game-fortnite', name: 'Fortnite', platform: P.Epic, categories: [C.BattleRoyale, C.TPS, C.Survival, C.FreeToPlay, C.Multiplayer], appId: 'fortnite' },
  { jsonId: 'game-rocket-league', name: 'Rocket League', platform: P.Epic, categories: [C.Sports, C.Racing, C.Multiplayer, C.FreeToPlay], appId: '252950' },
  { jsonId: 'game-gta5-epic', name: 'Grand Theft Auto V', platform: P.Epic, categories: [C.Action, C.Adventure, C.OpenWorld, C.TPS, C.CenterAccounts], appId: '271590', multi: true },
  { jsonId: 'game-fall-guys', name: 'Fall Guys', platform: P.Epic, categories: [C.Casual, C.BattleRoyale, C.FreeToPlay, C.Multiplayer], appId: 'fall-guys' },
  // Host (the cafe's own arcade)
  { jsonId: 'game-efootball', name: 'eFootball 2025', platform: P.Host, categories: [C.Sports, C.FreeToPlay, C.Multiplayer], appId: '1665460' },
  { jsonId: 'game-brawlhalla', name: 'Brawlhalla', platform: P.Host, categories: [C.Fighting, C.Casual, C.FreeToPlay, C.Indie], appId: '291550' },
  // Riot
  { jsonId: 'game-valorant', name: 'VALORANT', platform: P.Riot, categories: [...shooters, C.FreeToPlay, C.CenterAccounts], appId: 'valorant' },
  { jsonId: 'game-lol', name: 'League of Legends', platform: P.Riot, categories: [C.MOBA, C.Strategy, C.Multiplayer, C.FreeToPlay], appId: 'league_of_legends' },
  { jsonId: 'game-tft', name: 'Teamfight Tactics', platform: P.Riot, categories: [C.Strategy, C.BoardGames, C.FreeToPlay], appId: 'tft' },
  // EA
  { jsonId: 'game-apex-ea', name: 'Apex Legends', platform: P.EA, categories: [...shooters, C.BattleRoyale, C.FreeToPlay], appId: '1172470', multi: true },
  { jsonId: 'game-eafc25-ea', name: 'EA SPORTS FC 25', platform: P.EA, categories: [C.Sports, C.Multiplayer, C.CenterAccounts], appId: '2669320', multi: true },
  { jsonId: 'game-sims4', name: 'The Sims 4', platform: P.EA, categories: [C.Simulation, C.Casual, C.FreeToPlay], appId: 'sims4' },
  { jsonId: 'game-nfs-unbound', name: 'Need for Speed Unbound', platform: P.EA, categories: [C.Racing, C.OpenWorld], appId: '1846380' },
  // Ubisoft
  { jsonId: 'game-r6-ubisoft', name: 'Rainbow Six Siege', platform: P.Ubisoft, categories: [...shooters, C.Strategy, C.CenterAccounts], appId: '359550', multi: true },
  { jsonId: 'game-ac-mirage', name: "Assassin's Creed Mirage", platform: P.Ubisoft, categories: [C.Action, C.Adventure, C.OpenWorld], appId: 'ac-mirage' },
  { jsonId: 'game-the-crew-motorfest', name: 'The Crew Motorfest', platform: P.Ubisoft, categories: [C.Racing, C.OpenWorld, C.Multiplayer], appId: 'crew-motorfest' },
  // Xbox App
  { jsonId: 'game-forza-horizon5', name: 'Forza Horizon 5', platform: P.XboxApp, categories: [C.Racing, C.OpenWorld, C.Sports], appId: 'forza-horizon-5' },
  { jsonId: 'game-minecraft', name: 'Minecraft', platform: P.XboxApp, categories: [C.Adventure, C.Survival, C.OpenWorld, C.Casual], appId: 'minecraft' },
  { jsonId: 'game-halo-infinite', name: 'Halo Infinite', platform: P.XboxApp, categories: [...shooters, C.FreeToPlay], appId: 'halo-infinite' },
  { jsonId: 'game-cod-bo6', name: 'Call of Duty: Black Ops 6', platform: P.XboxApp, categories: shooters, appId: 'cod-bo6' },
  // LAN
  { jsonId: 'game-cs16', name: 'Counter-Strike 1.6', platform: P.LAN, categories: [...shooters] },
  { jsonId: 'game-aoe2', name: 'Age of Empires II: Definitive Edition', platform: P.LAN, categories: [C.Strategy, C.RealTimeStrategy, C.Multiplayer] },
  { jsonId: 'game-warcraft3', name: 'Warcraft III: Reforged', platform: P.LAN, categories: [C.RealTimeStrategy, C.Strategy, C.Multiplayer] },
  // Single player
  { jsonId: 'game-witcher3', name: 'The Witcher 3: Wild Hunt', platform: P.SinglePlayer, categories: [C.RPG, C.Adventure, C.OpenWorld] },
  { jsonId: 'game-re4', name: 'Resident Evil 4', platform: P.SinglePlayer, categories: [C.Horror, C.Action, C.TPS, C.Survival] },
  { jsonId: 'game-cyberpunk', name: 'Cyberpunk 2077', platform: P.SinglePlayer, categories: [C.RPG, C.OpenWorld, C.FPS] },
  { jsonId: 'game-ets2', name: 'Euro Truck Simulator 2', platform: P.SinglePlayer, categories: [C.Simulation, C.Racing] },
  { jsonId: 'game-hl-alyx', name: 'Half-Life: Alyx', platform: P.SinglePlayer, categories: [C.VR, C.FPS, C.Adventure] },
  // Game (other stores)
  { jsonId: 'game-among-us', name: 'Among Us', platform: P.Game, categories: [C.Casual, C.Indie, C.Multiplayer] },
  { jsonId: 'game-stardew', name: 'Stardew Valley', platform: P.Game, categories: [C.Simulation, C.Indie, C.RPG, C.Casual] },
  { jsonId: 'game-portal2', name: 'Portal 2', platform: P.Game, categories: [C.Puzzle, C.Adventure] },
  { jsonId: 'game-ksp', name: 'Kerbal Space Program', platform: P.Game, categories: [C.Simulation, C.Educational, C.Indie] },
  // Other
  { jsonId: 'game-overwatch2', name: 'Overwatch 2', platform: P.Other, categories: [...shooters, C.FreeToPlay] },
  { jsonId: 'game-wow', name: 'World of Warcraft', platform: P.Other, categories: [C.RPG, C.Multiplayer, C.OpenWorld] },
  { jsonId: 'game-tetris-effect', name: 'Tetris Effect: Connected', platform: P.Other, categories: [C.Puzzle, C.Casual, C.VR] },
];

export const DEMO_CATALOG: readonly CatalogEntry[] = [...launchers, ...apps, ...games];
