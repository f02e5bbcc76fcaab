import { queryOptions } from '@tanstack/react-query';
import { API } from '@shared/api/routes';
import type { Tab, TabInput } from '@shared/schemas/tab';
import { callApi } from '../../../lib/http';

export const TAB_KEYS = { all: ['dashboard', 'tabs'] as const };

/** Every tab the caller's request view shows; a page keeps those whose parent is its location (or none). */
export const tabsQueryOptions = () => queryOptions({ queryKey: TAB_KEYS.all, queryFn: () => callApi(API.listTabs, {}) });

/** One tab by its id: someone else's private tab answers 403 `not_allowed` (spec 1 §4.4). */
export const getTab = (id: string): Promise<Tab> => callApi(API.getTab, { params: { id } });

export const createTab = (tab: TabInput): Promise<Tab> => callApi(API.createTab, { body: { data: tab } });

export const updateTab = (tab: TabInput & { _id: string }): Promise<Tab> => callApi(API.updateTab, { body: tab });

export const deleteTab = (id: string) => callApi(API.deleteTab, { params: { id } });
