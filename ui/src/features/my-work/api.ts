/** The field view's calls: `GET /my-work` and "Inspection done" (`POST /assets/{id}/inspections`). */
import * as enums from '@/api/enums'
import type { components } from '@/api/schema'
import { api } from '@/data/client'
import { uploadDocuments } from '@/data/documents'
import type { Asset } from '@/data/records'

export const RESULTS = enums.InspectionResult
export type InspectionResult = components['schemas']['InspectionResult']

/** GET /my-work: the caller's assets due for inspection; `today` in the server's inspection time zone. */
export type MyWork = components['schemas']['MyWork']

export interface InspectionInput {
  version: number
  result: InspectionResult
  inspectedOn: string
  note: string
  photo: File | null
}

export function fetchMyWork(signal?: AbortSignal): Promise<MyWork> {
  return api.get<MyWork>('/my-work', { signal })
}

/** Uploads the photo (a document of the asset, through the one upload call), then records the inspection. */
export async function recordInspection(asset: Asset, input: InspectionInput): Promise<Asset> {
  let documentId: number | null = null
  if (input.photo) {
    const [photo] = await uploadDocuments([input.photo], {
      department: asset.department,
      assetId: asset.id,
      title: `Inspection ${asset.tag} ${input.inspectedOn}`,
    })
    documentId = photo?.id ?? null
  }
  return api.post<Asset>(`/assets/${asset.id}/inspections`, {
    version: input.version,
    result: input.result,
    inspectedOn: input.inspectedOn,
    note: input.note.trim() || null,
    documentId,
  })
}
