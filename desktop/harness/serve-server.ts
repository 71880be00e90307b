// The server for the desktop harness, on the embedded database in DATA_DIR (kept across a stop
// and a restart, so the journeys can take the server away and bring it back).
import { main } from '../../server/src/main';

await main();
