/**
 * The places the shop delivers to, with an approximate centre for the distance-based fee. Plain data
 * shared by the server and the mocks: migration `0004_delivery_areas` inserts these rows into every
 * database (production included), and server/modules/delivery/delivery.test.ts checks the table still
 * matches this list. Adding or moving an area means editing this list and writing a migration.
 */
export interface DeliveryAreaSeed {
  /** Stable slug, the same in every database. */
  id: string;
  name: string;
  lat: number;
  lng: number;
}

export const DELIVERY_AREAS: readonly DeliveryAreaSeed[] = [
  { id: 'nairobi-cbd', name: 'Nairobi CBD', lat: -1.2864, lng: 36.8172 },
  { id: 'westlands', name: 'Westlands', lat: -1.2676, lng: 36.8108 },
  { id: 'parklands', name: 'Parklands', lat: -1.263, lng: 36.819 },
  { id: 'kilimani', name: 'Kilimani', lat: -1.2897, lng: 36.7834 },
  { id: 'kileleshwa', name: 'Kileleshwa', lat: -1.2807, lng: 36.7823 },
  { id: 'lavington', name: 'Lavington', lat: -1.2796, lng: 36.7686 },
  { id: 'hurlingham', name: 'Hurlingham', lat: -1.295, lng: 36.795 },
  { id: 'south-b', name: 'South B', lat: -1.3106, lng: 36.8361 },
  { id: 'south-c', name: 'South C', lat: -1.3197, lng: 36.8266 },
  { id: 'langata', name: "Lang'ata", lat: -1.356, lng: 36.76 },
  { id: 'karen', name: 'Karen', lat: -1.319, lng: 36.7073 },
  { id: 'eastleigh', name: 'Eastleigh', lat: -1.274, lng: 36.851 },
  { id: 'donholm', name: 'Donholm', lat: -1.296, lng: 36.89 },
  { id: 'embakasi', name: 'Embakasi', lat: -1.32, lng: 36.89 },
  { id: 'utawala', name: 'Utawala', lat: -1.29, lng: 36.96 },
  { id: 'kasarani', name: 'Kasarani', lat: -1.2219, lng: 36.8985 },
  { id: 'roysambu', name: 'Thika Road / Roysambu', lat: -1.218, lng: 36.886 },
  { id: 'kahawa', name: 'Kahawa', lat: -1.18, lng: 36.93 },
  { id: 'runda', name: 'Runda', lat: -1.218, lng: 36.81 },
  { id: 'ruaka', name: 'Ruaka', lat: -1.2096, lng: 36.778 },
  { id: 'ruiru', name: 'Ruiru', lat: -1.1456, lng: 36.96 },
  { id: 'thika', name: 'Thika', lat: -1.0333, lng: 37.0693 },
  { id: 'kikuyu', name: 'Kikuyu', lat: -1.246, lng: 36.663 },
  { id: 'ngong', name: 'Ngong', lat: -1.352, lng: 36.66 },
  { id: 'rongai', name: 'Rongai', lat: -1.396, lng: 36.755 },
  { id: 'syokimau', name: 'Syokimau', lat: -1.364, lng: 36.927 },
  { id: 'athi-river', name: 'Athi River', lat: -1.456, lng: 36.978 },
  { id: 'kitengela', name: 'Kitengela', lat: -1.476, lng: 36.963 },
];
