/** Where the runs, the pipeline and the drift monitor log (the process logger, a child per module). */
export interface RunLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}
