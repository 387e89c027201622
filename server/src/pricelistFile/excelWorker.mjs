// Entry of the Excel worker thread. On Node 20 a worker does not inherit the tsx loader that
// runs the server (`--import tsx` in execArgv does not reach it either), so this plain module
// loads the TypeScript worker through tsx's API. It works under `tsx` and under Vitest.
import { tsImport } from 'tsx/esm/api';

await tsImport('./excelWorker.ts', import.meta.url);
