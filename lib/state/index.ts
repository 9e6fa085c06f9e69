export * from "./machines";
export { fromSql, type RowOf, type RowRef, transition, type TransitionOptions, tryTransition } from "./transition";
