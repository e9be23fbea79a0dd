/** A failure the mock answers as Drone does: `{"message":...}` with this status. */
export class DroneError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

export const SQL_NO_ROWS = 'sql: no rows in result set';

export const unauthorized = () => new DroneError(401, 'Unauthorized');
export const forbidden = () => new DroneError(403, 'Forbidden');
export const notFound = () => new DroneError(404, 'Not Found');
export const noRows = () => new DroneError(404, SQL_NO_ROWS);
export const badRequest = (message: string) => new DroneError(400, message);
