// Machines that move the user elsewhere get the router's navigate function through their input,
// so they stay framework-free and tests can record where they went.
export type Navigate = (to: string, options?: { replace?: boolean }) => void;
