export declare const SERVER_NODE_FLAGS: string[];
export declare const SERVER_ARGS: string[];
export declare const SERVER_ENV: Record<string, string>;
