#!/usr/bin/env node
// Integration tests against the machine's services (PostgreSQL, MariaDB, Redis, RabbitMQ, Mosquitto,
// slapd). Prints the phase's duration and ends with the line "N passed, N failed".
import { runStages, vitestPhase } from './phases.mjs';

const failed = await runStages([[vitestPhase('integration', ['--project', 'integration', '--passWithNoTests'], { live: true })]]);
process.exit(failed ? 1 : 0);
