-- Book types (SPEC §3) with the usual legal intervals, in months (rules/service-intervals.ts):
-- inspection by an expert at least yearly (12), the operator's self-check monthly (1) or, for
-- smoke and heat extraction, quarterly (3). Fixed ids so that demo data can name them.
INSERT INTO "book_types" ("id", "type", "component", "icon", "color", "serviceinterval", "selfserviceinterval") VALUES
('0b7c1a10-0001-4000-8000-000000000001', 'Automatische Schiebetür', 'DIN 18650 / EN 16005', 'arrows-left-right', '#228be6', 12, 1),
('0b7c1a10-0001-4000-8000-000000000002', 'Automatische Drehflügeltür', 'DIN 18650 / EN 16005', 'door', '#15aabf', 12, 1),
('0b7c1a10-0001-4000-8000-000000000003', 'Automatische Karusselltür', 'DIN 18650 / EN 16005', 'rotate-360', '#7950f2', 12, 1),
('0b7c1a10-0001-4000-8000-000000000004', 'Rauch- und Wärmeabzugsanlage (RWA)', 'DIN 18232-2', 'wind', '#fa5252', 12, 3),
('0b7c1a10-0001-4000-8000-000000000005', 'Feststellanlage an Brandschutztür', 'DIN 14677', 'magnet', '#fd7e14', 12, 1),
('0b7c1a10-0001-4000-8000-000000000006', 'Kraftbetätigtes Tor', 'ASR A1.7', 'fence', '#40c057', 12, 0);
