// `npm run operator -- <command>`: the operator CLI, run as JavaScript from build/ (compiled again first
// when a server source changed since the last build). In this process: no second node to start.
import { ensureServerBuilt, OPERATOR_CLI } from './build-server.mjs';
import { sandboxBridge } from './game-sandbox.mjs';

if (await ensureServerBuilt()) console.error('server compiled to build/');
// the demo's sandbox game bridge, as `npm start` runs it beside the server (none when GAME_PROVIDER is set)
Object.assign(process.env, sandboxBridge()?.serverEnv);
process.setSourceMapsEnabled(true);
await import(OPERATOR_CLI);
