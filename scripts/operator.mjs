// `npm run operator -- <command>`: the operator CLI, run as JavaScript from build/ (compiled again first
// when a server source changed since the last build). In this process: no second node to start.
import { ensureServerBuilt, OPERATOR_CLI } from './build-server.mjs';

if (await ensureServerBuilt()) console.error('server compiled to build/');
process.setSourceMapsEnabled(true);
await import(OPERATOR_CLI);
