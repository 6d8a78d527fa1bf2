export declare const TOTAL_CONTENT_ITEMS: number;
export declare const DEFAULT_PAGE_LIMIT: number;
export declare function contentItem(index: number): Record<string, unknown>;
export declare const CONTENT_ITEM_BODY: string;
export declare function contentPageBody(offset: number, limit: number): string;
export declare function offsetOfCursor(cursor: string): number | undefined;
export declare const OPENAI_MODEL_BODY: string;
export declare const OPENAI_MODEL_LIST_BODY: string;
