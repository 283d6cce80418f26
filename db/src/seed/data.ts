// Reference material for realistic Nigerian demo data: names by ethnic group,
// cities with their states, streets and the groups that mostly live there,
// schools, and the words bios, reviews and appointments are made of.
// State values use contracts' spelling ('FCT', not 'Federal Capital Territory').

export type Group = 'yoruba' | 'igbo' | 'hausa' | 'edo' | 'ibibio' | 'delta' | 'middlebelt';
export type Region = 'sw' | 'se' | 'north' | 'ss' | 'mb';

export interface NameSet {
  male: readonly string[];
  female: readonly string[];
  surnames: readonly string[];
  language: string;
  region: Region;
}

export const names: Record<Group, NameSet> = {
  yoruba: {
    male: ['Adebayo', 'Babatunde', 'Olumide', 'Oluwaseun', 'Ayodele', 'Kayode', 'Femi', 'Segun', 'Adewale', 'Rotimi',
      'Gbenga', 'Kunle', 'Yemi', 'Dayo', 'Tope', 'Bolaji', 'Adeniyi', 'Akinwale', 'Oladipo', 'Lanre', 'Wale', 'Tunji',
      'Abiodun', 'Ridwan', 'Tobi', 'Ayomide', 'Olamide', 'Idowu', 'Kehinde', 'Taiwo'],
    female: ['Funmilayo', 'Folake', 'Bukola', 'Yetunde', 'Adunni', 'Titilayo', 'Omolara', 'Kemi', 'Bisola', 'Modupe',
      'Abimbola', 'Adeola', 'Ronke', 'Toyin', 'Iyabo', 'Morenike', 'Temitope', 'Damilola', 'Funke', 'Aderonke',
      'Simisola', 'Tolulope', 'Motunrayo', 'Oluwakemi', 'Eniola', 'Feyisara', 'Omowunmi', 'Yewande', 'Ibukun', 'Opeyemi'],
    surnames: ['Adeyemi', 'Bakare', 'Ogunleye', 'Adebayo', 'Oladipo', 'Afolabi', 'Ogunbiyi', 'Balogun', 'Adeleke', 'Ojo',
      'Olawale', 'Akinola', 'Adesina', 'Odukoya', 'Ajayi', 'Alabi', 'Adewumi', 'Ogundipe', 'Oyebanji', 'Akintola',
      'Olatunji', 'Babalola', 'Ilori', 'Salami', 'Lawal', 'Oni', 'Adeniran', 'Ogunsanya', 'Akande', 'Oshodi',
      'Adegoke', 'Ayoola', 'Fadeyi', 'Oyewole', 'Durojaiye', 'Ogunlana', 'Adeoye', 'Olaniyan', 'Famuyiwa', 'Oyelaran'],
    language: 'Yoruba',
    region: 'sw',
  },
  igbo: {
    male: ['Chinedu', 'Emeka', 'Obinna', 'Chukwuemeka', 'Ikenna', 'Nnamdi', 'Uchenna', 'Chidi', 'Kelechi', 'Ifeanyi',
      'Tochukwu', 'Chibuike', 'Onyekachi', 'Ebuka', 'Nonso', 'Okechukwu', 'Chijioke', 'Ugochukwu', 'Kenechukwu', 'Uzoma',
      'Izuchukwu', 'Chukwudi', 'Obiora', 'Somto', 'Arinze', 'Ejike', 'Chiedu', 'Afam', 'Dubem', 'Ikechukwu'],
    female: ['Amaka', 'Ngozi', 'Chiamaka', 'Adaeze', 'Ifeoma', 'Nneka', 'Chioma', 'Uchechi', 'Obiageli', 'Nkechi',
      'Ebere', 'Chinwe', 'Ogechi', 'Adanna', 'Chidinma', 'Oluchi', 'Ijeoma', 'Chinyere', 'Nkiru', 'Amarachi',
      'Ujunwa', 'Kosisochukwu', 'Onyinye', 'Ugochi', 'Chisom', 'Nwamaka', 'Ifunanya', 'Uju', 'Akunna', 'Chinenye'],
    surnames: ['Okafor', 'Eze', 'Okonkwo', 'Nwosu', 'Obi', 'Okeke', 'Nwachukwu', 'Chukwu', 'Okoro', 'Okoye',
      'Udeh', 'Nnadi', 'Obiora', 'Igwe', 'Anyanwu', 'Ugwu', 'Nwankwo', 'Ibe', 'Uzor', 'Madu',
      'Ezeani', 'Agu', 'Onuoha', 'Nwafor', 'Iwu', 'Ekwueme', 'Chukwuma', 'Ogbonna', 'Azubuike', 'Nwoye',
      'Emenike', 'Onyeka', 'Okpara', 'Ezenwa', 'Obinwa', 'Ukaegbu', 'Nwogu', 'Achebe', 'Orji', 'Ilo'],
    language: 'Igbo',
    region: 'se',
  },
  hausa: {
    male: ['Abubakar', 'Musa', 'Ibrahim', 'Aliyu', 'Sani', 'Usman', 'Yusuf', 'Bello', 'Suleiman', 'Abdullahi',
      'Garba', 'Nasir', 'Umar', 'Shehu', 'Aminu', 'Haruna', 'Kabiru', 'Bashir', 'Mustapha', 'Ismail',
      'Jamilu', 'Murtala', 'Auwal', 'Habibu', 'Salisu', 'Nuhu', 'Lawan', 'Hamza', 'Sadiq', 'Zubairu'],
    female: ['Aisha', 'Fatima', 'Hauwa', 'Zainab', 'Amina', 'Hadiza', 'Maryam', 'Khadija', 'Halima', 'Rukayya',
      'Asmau', 'Safiya', 'Bilkisu', 'Hafsat', 'Zulaihat', 'Sadiya', 'Nafisa', 'Jamila', 'Maimuna', 'Rahama',
      'Hajara', 'Ummulkhair', 'Binta', 'Ramatu', 'Salamatu', 'Fiddausi', 'Ladi', 'Asabe', 'Murjanatu', 'Saadatu'],
    surnames: ['Abubakar', 'Bello', 'Mohammed', 'Ibrahim', 'Musa', 'Yusuf', 'Usman', 'Aliyu', 'Sani', 'Garba',
      'Lawal', 'Danjuma', 'Shehu', 'Abdullahi', 'Adamu', 'Yakubu', 'Ringim', 'Tanko', 'Gwarzo', 'Kazaure',
      'Dikko', 'Baba', 'Maikano', 'Idris', 'Umar', 'Dahiru', 'Jibril', 'Sambo', 'Bichi', 'Dantata',
      'Kurfi', 'Zakari', 'Inuwa', 'Haladu', 'Bukar', 'Kachalla', 'Modu', 'Gambo', 'Tijjani', 'Waziri'],
    language: 'Hausa',
    region: 'north',
  },
  edo: {
    male: ['Osagie', 'Efosa', 'Osaro', 'Eghosa', 'Osayuki', 'Nosa', 'Ehis', 'Ikpomwosa', 'Omon', 'Aisosa',
      'Ehigie', 'Uyi', 'Osamede', 'Itohan', 'Ogiemwonyi'],
    female: ['Osarugue', 'Eki', 'Imuetinyan', 'Efe', 'Osasu', 'Ivie', 'Eseosa', 'Omoye', 'Ofure', 'Itohan',
      'Ewaen', 'Uyiosa', 'Adesuwa', 'Isoken', 'Ede'],
    surnames: ['Osagie', 'Igbinedion', 'Omoregie', 'Osayande', 'Iyamu', 'Aigbe', 'Ogbemudia', 'Idahosa', 'Edokpolo',
      'Ehigiator', 'Ize-Iyamu', 'Osaghae', 'Obaseki', 'Eweka', 'Erhunmwunse', 'Imasuen', 'Uwaifo', 'Okunbor'],
    language: 'Edo',
    region: 'ss',
  },
  ibibio: {
    male: ['Ekpo', 'Effiong', 'Etim', 'Bassey', 'Okon', 'Edet', 'Asuquo', 'Ita', 'Otu', 'Nsikak', 'Aniekan', 'Ubong',
      'Imoh', 'Uduak', 'Eno'],
    female: ['Ekaette', 'Nkoyo', 'Arit', 'Idara', 'Mfon', 'Emem', 'Inemesit', 'Affiong', 'Eyo', 'Ima', 'Nsemeke',
      'Uyai', 'Edidiong', 'Iquo', 'Utibe'],
    surnames: ['Ekpo', 'Bassey', 'Effiong', 'Etim', 'Udoh', 'Essien', 'Akpan', 'Okon', 'Inyang', 'Umoh', 'Eyo',
      'Ekanem', 'Asuquo', 'Udofia', 'Ebong', 'Archibong', 'Duke', 'Henshaw', 'Ukpong', 'Offiong'],
    language: 'Efik',
    region: 'ss',
  },
  delta: {
    male: ['Tamuno', 'Tarila', 'Oghenekaro', 'Ovie', 'Ochuko', 'Ebi', 'Tonye', 'Boma', 'Preye', 'Kuro', 'Oghenero',
      'Ejiro', 'Dokubo', 'Ibiso', 'Ebikabowei'],
    female: ['Ebiere', 'Tamara', 'Onome', 'Ejiro', 'Ese', 'Ufuoma', 'Oghenetega', 'Preye', 'Ibinabo', 'Seiyefa',
      'Tokoni', 'Diepreye', 'Erhuvwu', 'Mudiaga', 'Boma'],
    surnames: ['Amadi', 'Alagoa', 'Briggs', 'Omatseye', 'Okpako', 'Ogbe', 'Tamuno-Koko', 'George', 'Dappa', 'Igali',
      'Ebiwari', 'Okumagba', 'Eferakeya', 'Ovuakporie', 'Ibori', 'Harry', 'Jumbo', 'Wokoma', 'Ikuru', 'Nwuke'],
    language: 'Ijaw',
    region: 'ss',
  },
  middlebelt: {
    male: ['Terhemba', 'Aondona', 'Msughter', 'Ochai', 'Gyang', 'Dung', 'Pam', 'Iorwuese', 'Ameh', 'Agbo', 'Davou',
      'Sule', 'Bitrus', 'Yohanna', 'Danladi'],
    female: ['Mwuese', 'Doosuur', 'Ngunan', 'Nguavese', 'Ojoma', 'Ene', 'Rifkatu', 'Kaneng', 'Lami', 'Naomi',
      'Laraba', 'Ladidi', 'Iveren', 'Ojonugwa', 'Mary'],
    surnames: ['Tor', 'Iorliam', 'Ameh', 'Agbo', 'Okpe', 'Dung', 'Gyang', 'Pam', 'Bot', 'Davou', 'Akaa', 'Ujah',
      'Ochekpe', 'Adah', 'Ogbu', 'Bala', 'Dogo', 'Jatau', 'Kwaghga', 'Abah'],
    language: 'Tiv',
    region: 'mb',
  },
};

export interface City {
  city: string;
  state: string;
  /** Share of the country's providers (relative). */
  weight: number;
  groups: readonly (readonly [Group, number])[];
  areas: readonly string[];
  streets: readonly string[];
  zip: number;
}

export const cities: readonly City[] = [
  { city: 'Lagos', state: 'Lagos', weight: 14, zip: 100001,
    groups: [['yoruba', 55], ['igbo', 25], ['hausa', 5], ['edo', 6], ['ibibio', 4], ['delta', 5]],
    areas: ['Surulere', 'Yaba', 'Lagos Island', 'Victoria Island', 'Ikoyi', 'Apapa', 'Festac Town', 'Gbagada', 'Ikorodu', 'Ojota'],
    streets: ['Awolowo Road', 'Adeola Odeku Street', 'Herbert Macaulay Way', 'Bode Thomas Street', 'Adeniran Ogunsanya Street',
      'Broad Street', 'Marina', 'Ozumba Mbadiwe Avenue', 'Akin Adesola Street', 'Ikorodu Road', 'Western Avenue', 'Ogunlana Drive'] },
  { city: 'Ikeja', state: 'Lagos', weight: 5, zip: 100271,
    groups: [['yoruba', 60], ['igbo', 22], ['hausa', 5], ['edo', 6], ['delta', 7]],
    areas: ['Ikeja GRA', 'Alausa', 'Opebi', 'Ogba', 'Maryland', 'Oregun'],
    streets: ['Allen Avenue', 'Obafemi Awolowo Way', 'Opebi Road', 'Toyin Street', 'Isaac John Street',
      'Mobolaji Bank Anthony Way', 'Kodesoh Street', 'Oba Akran Avenue', 'Joel Ogunnaike Street'] },
  { city: 'Lekki', state: 'Lagos', weight: 3, zip: 105102,
    groups: [['yoruba', 50], ['igbo', 28], ['hausa', 5], ['edo', 7], ['ibibio', 5], ['delta', 5]],
    areas: ['Lekki Phase 1', 'Ajah', 'Chevron', 'Ikate', 'Osapa London', 'Agungi'],
    streets: ['Admiralty Way', 'Fola Osibo Road', 'Chevron Drive', 'Lekki-Epe Expressway', 'Freedom Way', 'Admiralty Road', 'Kusenla Road'] },
  { city: 'Abuja', state: 'FCT', weight: 10, zip: 900001,
    groups: [['hausa', 32], ['yoruba', 20], ['igbo', 24], ['middlebelt', 14], ['edo', 4], ['ibibio', 3], ['delta', 3]],
    areas: ['Wuse II', 'Garki', 'Maitama', 'Asokoro', 'Gwarinpa', 'Jabi', 'Utako', 'Kubwa', 'Lugbe'],
    streets: ['Aminu Kano Crescent', 'Adetokunbo Ademola Crescent', 'Ahmadu Bello Way', 'Herbert Macaulay Way', 'Gimbiya Street',
      'Yakubu Gowon Crescent', 'Ladoke Akintola Boulevard', 'Obafemi Awolowo Way', 'Sultan Abubakar Way'] },
  { city: 'Kano', state: 'Kano', weight: 6, zip: 700001,
    groups: [['hausa', 90], ['yoruba', 4], ['igbo', 4], ['middlebelt', 2]],
    areas: ['Nassarawa GRA', 'Sabon Gari', 'Fagge', 'Tarauni', 'Gyadi-Gyadi', 'Bompai'],
    streets: ['Zoo Road', 'Murtala Mohammed Way', 'Ahmadu Bello Way', 'Club Road', 'Bompai Road', 'France Road', 'Airport Road', 'Zaria Road'] },
  { city: 'Ibadan', state: 'Oyo', weight: 6, zip: 200001,
    groups: [['yoruba', 88], ['igbo', 6], ['hausa', 3], ['edo', 3]],
    areas: ['Bodija', 'Ring Road', 'Dugbe', 'Mokola', 'Jericho', 'Agodi', 'Challenge', 'Oluyole Estate'],
    streets: ['Ring Road', 'Awolowo Avenue', 'Queen Elizabeth Road', 'Jericho Road', 'Oyo Road', 'Mokola Road', 'Lagos Bypass', 'Iwo Road'] },
  { city: 'Port Harcourt', state: 'Rivers', weight: 6, zip: 500001,
    groups: [['delta', 50], ['igbo', 32], ['ibibio', 8], ['yoruba', 5], ['hausa', 5]],
    areas: ['GRA Phase 2', 'D-Line', 'Trans-Amadi', 'Rumuola', 'Old GRA', 'Rumuokoro'],
    streets: ['Aba Road', 'Ikwerre Road', 'Olu Obasanjo Road', 'Stadium Road', 'Tombia Street', 'Evo Road', 'Trans-Amadi Road'] },
  { city: 'Kaduna', state: 'Kaduna', weight: 4, zip: 800001,
    groups: [['hausa', 68], ['middlebelt', 16], ['yoruba', 8], ['igbo', 8]],
    areas: ['Kaduna North', 'Barnawa', 'Malali', 'Ungwan Rimi', 'Kabala Costain'],
    streets: ['Ahmadu Bello Way', 'Constitution Road', 'Independence Way', 'Yakubu Gowon Way', 'Isa Kaita Road', 'Ali Akilu Road'] },
  { city: 'Benin City', state: 'Edo', weight: 4, zip: 300001,
    groups: [['edo', 80], ['igbo', 8], ['yoruba', 6], ['delta', 6]],
    areas: ['GRA', 'Ugbowo', 'Uselu', 'Ring Road', 'Ikpoba Hill'],
    streets: ['Akpakpava Road', 'Sapele Road', 'Airport Road', 'Ugbowo-Lagos Road', 'Mission Road', 'Uselu-Lagos Road', 'Sokponba Road'] },
  { city: 'Jos', state: 'Plateau', weight: 3, zip: 930001,
    groups: [['middlebelt', 55], ['hausa', 30], ['igbo', 8], ['yoruba', 7]],
    areas: ['Rayfield', 'Tudun Wada', 'Bukuru', 'Lamingo'],
    streets: ['Ahmadu Bello Way', 'Murtala Mohammed Way', 'Rayfield Road', 'Zaria Road', 'Bukuru Expressway', 'Yakubu Gowon Way'] },
  { city: 'Enugu', state: 'Enugu', weight: 4, zip: 400001,
    groups: [['igbo', 94], ['yoruba', 2], ['middlebelt', 2], ['hausa', 2]],
    areas: ['Independence Layout', 'New Haven', 'GRA', 'Trans-Ekulu', 'Uwani', 'Achara Layout'],
    streets: ['Ogui Road', 'Okpara Avenue', 'Chime Avenue', 'Zik Avenue', 'Abakaliki Road', 'Agbani Road', 'Presidential Road'] },
  { city: 'Calabar', state: 'Cross River', weight: 2, zip: 540001,
    groups: [['ibibio', 85], ['igbo', 10], ['yoruba', 5]],
    areas: ['State Housing', 'Ikot Ansa', 'Big Qua', 'Diamond Hill'],
    streets: ['Marian Road', 'Ndidem Usang Iso Road', 'Calabar Road', 'Murtala Mohammed Highway', 'Mary Slessor Avenue', 'Atimbo Road'] },
  { city: 'Abeokuta', state: 'Ogun', weight: 3, zip: 110001,
    groups: [['yoruba', 93], ['igbo', 4], ['edo', 3]],
    areas: ['Oke-Ilewo', 'Ibara', 'Kuto', 'Asero', 'Onikolobo'],
    streets: ['Lalubu Street', 'Quarry Road', 'Oke-Ilewo Road', 'Panseke Road', 'Kuto Road', 'Presidential Boulevard'] },
  { city: 'Owerri', state: 'Imo', weight: 3, zip: 460001,
    groups: [['igbo', 96], ['yoruba', 2], ['ibibio', 2]],
    areas: ['New Owerri', 'Ikenegbu', 'World Bank', 'Aladinma'],
    streets: ['Wetheral Road', 'Douglas Road', 'Tetlow Road', 'Okigwe Road', 'MCC Road', 'Port Harcourt Road'] },
  { city: 'Onitsha', state: 'Anambra', weight: 2, zip: 434101,
    groups: [['igbo', 96], ['yoruba', 2], ['edo', 2]],
    areas: ['GRA', 'Fegge', 'Inland Town', 'Odoakpu'],
    streets: ['New Market Road', 'Awka Road', 'Venn Road', 'Old Market Road', 'Port Harcourt Road'] },
  { city: 'Awka', state: 'Anambra', weight: 1, zip: 420101,
    groups: [['igbo', 97], ['yoruba', 3]],
    areas: ['Amawbia', 'Ifite', 'Okpuno'],
    streets: ['Zik Avenue', 'Arroma Road', 'Nnamdi Azikiwe Avenue', 'Enugu-Onitsha Expressway'] },
  { city: 'Ilorin', state: 'Kwara', weight: 2, zip: 240001,
    groups: [['yoruba', 80], ['hausa', 14], ['igbo', 6]],
    areas: ['GRA', 'Tanke', 'Fate', 'Adewole Estate'],
    streets: ['Ibrahim Taiwo Road', 'Unity Road', 'Offa Garage Road', 'Fate Road', 'Ahmadu Bello Way'] },
  { city: 'Uyo', state: 'Akwa Ibom', weight: 2, zip: 520101,
    groups: [['ibibio', 92], ['igbo', 5], ['yoruba', 3]],
    areas: ['Ewet Housing', 'Shelter Afrique', 'Osongama'],
    streets: ['Oron Road', 'Aka Road', 'Ikot Ekpene Road', 'Abak Road', 'Nwaniba Road'] },
  { city: 'Warri', state: 'Delta', weight: 2, zip: 332211,
    groups: [['delta', 80], ['igbo', 10], ['yoruba', 5], ['edo', 5]],
    areas: ['Effurun', 'GRA', 'Okumagba Layout', 'Ekpan'],
    streets: ['Effurun-Sapele Road', 'Airport Road', 'Okumagba Avenue', 'Warri-Sapele Road', 'Deco Road'] },
  { city: 'Maiduguri', state: 'Borno', weight: 1.5, zip: 600001,
    groups: [['hausa', 92], ['middlebelt', 4], ['igbo', 2], ['yoruba', 2]],
    areas: ['Old GRA', 'Bulumkutu', 'Pompomari'],
    streets: ['Baga Road', 'Sir Kashim Ibrahim Road', 'Damboa Road', 'Bama Road'] },
  { city: 'Sokoto', state: 'Sokoto', weight: 1, zip: 840001,
    groups: [['hausa', 96], ['yoruba', 2], ['igbo', 2]],
    areas: ['Runjin Sambo', 'Mabera', 'Gawon Nama'],
    streets: ['Sultan Abubakar Road', 'Ahmadu Bello Way', 'Sani Abacha Way', 'Gusau Road'] },
  { city: 'Osogbo', state: 'Osun', weight: 1, zip: 230001,
    groups: [['yoruba', 95], ['igbo', 5]],
    areas: ['Oke-Fia', 'Ogo Oluwa', 'Alekuwodo'],
    streets: ['Gbongan Road', 'Station Road', 'Old Ikirun Road', 'Oke-Fia Road'] },
  { city: 'Akure', state: 'Ondo', weight: 1.5, zip: 340001,
    groups: [['yoruba', 93], ['igbo', 4], ['edo', 3]],
    areas: ['Alagbaka', 'Ijapo Estate', 'Oba-Ile'],
    streets: ['Oba Adesida Road', 'Oyemekun Road', 'Hospital Road', 'Arakale Road'] },
];

/** Medical, pharmacy and nursing schools, by the region their graduates mostly come from. */
export const medicalSchools: Record<Region, readonly string[]> = {
  sw: ['University of Ibadan', 'University of Lagos', 'Obafemi Awolowo University, Ile-Ife', 'Lagos State University',
    'Olabisi Onabanjo University', 'Ladoke Akintola University of Technology', 'University of Ilorin', 'Ekiti State University'],
  se: ['University of Nigeria', 'Nnamdi Azikiwe University', 'Imo State University', 'Ebonyi State University',
    'Abia State University', 'Enugu State University of Science and Technology'],
  north: ['Ahmadu Bello University, Zaria', 'Bayero University Kano', 'University of Maiduguri', 'Usmanu Danfodiyo University, Sokoto',
    'University of Abuja', 'University of Jos'],
  ss: ['University of Benin', 'University of Port Harcourt', 'University of Calabar', 'Delta State University', 'University of Uyo',
    'Niger Delta University'],
  mb: ['University of Jos', 'Benue State University', 'University of Ilorin', 'University of Abuja'],
};

export const pharmacySchools: Record<Region, readonly string[]> = {
  sw: ['University of Lagos', 'University of Ibadan', 'Obafemi Awolowo University, Ile-Ife', 'Olabisi Onabanjo University', 'University of Ilorin'],
  se: ['University of Nigeria, Nsukka', 'Nnamdi Azikiwe University', 'Enugu State University of Science and Technology'],
  north: ['Ahmadu Bello University, Zaria', 'Bayero University Kano', 'University of Maiduguri', 'Usmanu Danfodiyo University, Sokoto'],
  ss: ['University of Benin', 'University of Uyo', 'University of Port Harcourt', 'Delta State University'],
  mb: ['University of Jos', 'University of Ilorin'],
};

export const nursingSchools: Record<Region, readonly string[]> = {
  sw: ['School of Nursing, Lagos University Teaching Hospital', 'School of Nursing, University College Hospital, Ibadan',
    'School of Nursing, Obafemi Awolowo University Teaching Hospital, Ile-Ife', 'Lagos State School of Nursing, Igando'],
  se: ['School of Nursing, University of Nigeria Teaching Hospital, Enugu', 'School of Nursing, Nnamdi Azikiwe University Teaching Hospital, Nnewi',
    'School of Nursing, Federal Medical Centre, Owerri'],
  north: ['School of Nursing, Ahmadu Bello University Teaching Hospital, Zaria', 'School of Nursing, Aminu Kano Teaching Hospital',
    'School of Nursing, University of Maiduguri Teaching Hospital'],
  ss: ['School of Nursing, University of Benin Teaching Hospital', 'School of Nursing, University of Port Harcourt Teaching Hospital',
    'School of Nursing, University of Calabar Teaching Hospital'],
  mb: ['School of Nursing, Jos University Teaching Hospital', 'School of Nursing, Federal Medical Centre, Makurdi'],
};

export const nursingDegreeSchools: Record<Region, readonly string[]> = {
  sw: ['University of Ibadan', 'Obafemi Awolowo University, Ile-Ife', 'University of Lagos', 'Babcock University'],
  se: ['University of Nigeria', 'Nnamdi Azikiwe University', 'Imo State University'],
  north: ['Ahmadu Bello University, Zaria', 'Bayero University Kano', 'University of Maiduguri'],
  ss: ['University of Benin', 'University of Calabar', 'Niger Delta University'],
  mb: ['University of Jos', 'Benue State University'],
};

/** What patients call a doctor of each specialty, and what the bio says they do. */
export const doctorSpecialtyText: Record<string, { noun: string; focus: readonly string[]; fellowship: string }> = {
  'General Practice': { noun: 'general practitioner', fellowship: 'FMCGP, National Postgraduate Medical College of Nigeria',
    focus: ['Sees adults and children for everyday illnesses, malaria, hypertension and diabetes follow-up.',
      'Runs a busy family clinic with a focus on preventive care and health checks.',
      'Special interest in chronic disease management and family health.'] },
  Cardiology: { noun: 'cardiologist', fellowship: 'FWACP (Cardiology), West African College of Physicians',
    focus: ['Special interests include hypertension, heart failure and echocardiography.',
      'Manages high blood pressure, rhythm problems and heart failure, and reads ECGs and echocardiograms.',
      'Focuses on preventing strokes and heart attacks in patients with hypertension and diabetes.'] },
  Neurology: { noun: 'neurologist', fellowship: 'FMCP (Neurology), National Postgraduate Medical College of Nigeria',
    focus: ['Treats stroke, epilepsy, migraine and nerve disorders.', 'Runs a weekly epilepsy and headache clinic.'] },
  Orthopedics: { noun: 'orthopaedic surgeon', fellowship: 'FWACS (Orthopaedics), West African College of Surgeons',
    focus: ['Treats fractures, sports injuries and joint pain, including knee and hip replacement.',
      'Special interest in trauma care and spine surgery.'] },
  Pediatrics: { noun: 'paediatrician', fellowship: 'FMCPaed, National Postgraduate Medical College of Nigeria',
    focus: ['Cares for newborns, children and teenagers, from immunisations to childhood asthma and sickle cell disease.',
      'Special interest in neonatal care and child nutrition.', 'Runs well-baby clinics and manages childhood fevers and infections.'] },
  'Obstetrics & Gynecology': { noun: 'obstetrician and gynaecologist', fellowship: 'FWACS (Obstetrics & Gynaecology), West African College of Surgeons',
    focus: ['Provides antenatal care, safe delivery and caesarean sections, and manages fibroids and fertility problems.',
      'Special interest in high-risk pregnancy and minimally invasive gynaecological surgery.',
      'Helps couples with fertility evaluation and treatment.'] },
  Psychiatry: { noun: 'psychiatrist', fellowship: 'FMCPsych, National Postgraduate Medical College of Nigeria',
    focus: ['Treats depression, anxiety, bipolar disorder and substance use problems in a confidential setting.',
      'Special interest in adolescent mental health.'] },
  Dermatology: { noun: 'dermatologist', fellowship: 'FMCP (Dermatology), National Postgraduate Medical College of Nigeria',
    focus: ['Treats eczema, acne, hyperpigmentation, fungal infections and hair loss.', 'Special interest in skin of colour and cosmetic dermatology.'] },
  Ophthalmology: { noun: 'ophthalmologist', fellowship: 'FWACS (Ophthalmology), West African College of Surgeons',
    focus: ['Performs cataract surgery and manages glaucoma and diabetic eye disease.', 'Offers comprehensive eye examinations for adults and children.'] },
  'ENT (Ear, Nose & Throat)': { noun: 'ENT surgeon', fellowship: 'FWACS (Otorhinolaryngology), West African College of Surgeons',
    focus: ['Treats sinus problems, hearing loss, tonsillitis and voice disorders.', 'Special interest in paediatric ENT and hearing assessment.'] },
  Radiology: { noun: 'radiologist', fellowship: 'FMCR, National Postgraduate Medical College of Nigeria',
    focus: ['Reports ultrasound, X-ray, CT and MRI studies.', 'Special interest in obstetric ultrasound and breast imaging.'] },
  Pathology: { noun: 'pathologist', fellowship: 'FMCPath, National Postgraduate Medical College of Nigeria',
    focus: ['Interprets biopsies and laboratory results and advises clinicians on diagnosis.', 'Special interest in haematology and blood transfusion.'] },
  Anesthesiology: { noun: 'anaesthetist', fellowship: 'FWACS (Anaesthesia), West African College of Surgeons',
    focus: ['Provides safe anaesthesia for surgery and childbirth, and manages acute and chronic pain.', 'Special interest in obstetric anaesthesia.'] },
  'Emergency Medicine': { noun: 'emergency physician', fellowship: 'FWACS (Emergency Medicine), West African College of Surgeons',
    focus: ['Manages trauma, acute illness and resuscitation.', 'Leads emergency response training for hospital staff.'] },
  Surgery: { noun: 'general surgeon', fellowship: 'FWACS (General Surgery), West African College of Surgeons',
    focus: ['Performs hernia repair, appendicectomy, thyroid and breast surgery.', 'Special interest in laparoscopic (keyhole) surgery.'] },
  'Internal Medicine': { noun: 'physician', fellowship: 'FWACP (Internal Medicine), West African College of Physicians',
    focus: ['Manages diabetes, hypertension, kidney disease and infections in adults.', 'Special interest in endocrinology and diabetes care.'] },
  // D17: the admin list's ten more, and Dentistry.
  Oncology: { noun: 'oncologist', fellowship: 'FMCP (Medical Oncology), National Postgraduate Medical College of Nigeria',
    focus: ['Treats breast, prostate and cervical cancers with chemotherapy and follow-up care.'] },
  Endocrinology: { noun: 'endocrinologist', fellowship: 'FWACP (Endocrinology), West African College of Physicians',
    focus: ['Manages diabetes, thyroid disease and hormone disorders.'] },
  Gastroenterology: { noun: 'gastroenterologist', fellowship: 'FWACP (Gastroenterology), West African College of Physicians',
    focus: ['Manages ulcers, hepatitis and liver disease, and performs endoscopy.'] },
  Nephrology: { noun: 'nephrologist', fellowship: 'FWACP (Nephrology), West African College of Physicians',
    focus: ['Manages chronic kidney disease and dialysis.'] },
  Pulmonology: { noun: 'chest physician', fellowship: 'FWACP (Pulmonology), West African College of Physicians',
    focus: ['Manages asthma, tuberculosis and chronic lung disease.'] },
  Urology: { noun: 'urologist', fellowship: 'FWACS (Urology), West African College of Surgeons',
    focus: ['Treats prostate enlargement, kidney stones and urinary problems.'] },
  Rheumatology: { noun: 'rheumatologist', fellowship: 'FWACP (Rheumatology), West African College of Physicians',
    focus: ['Manages arthritis, lupus and other joint and autoimmune diseases.'] },
  'Infectious Disease': { noun: 'infectious disease physician', fellowship: 'FMCP (Infectious Diseases), National Postgraduate Medical College of Nigeria',
    focus: ['Manages HIV, tuberculosis, malaria and hard-to-treat infections.'] },
  'Plastic Surgery': { noun: 'plastic surgeon', fellowship: 'FWACS (Plastic Surgery), West African College of Surgeons',
    focus: ['Repairs burns, cleft lip and palate, and performs reconstructive surgery.'] },
  'Allergy & Immunology': { noun: 'allergist', fellowship: 'FMCP (Clinical Immunology), National Postgraduate Medical College of Nigeria',
    focus: ['Diagnoses and treats allergies, asthma and immune disorders.'] },
  Dentistry: { noun: 'dental surgeon', fellowship: 'FMCDS, National Postgraduate Medical College of Nigeria',
    focus: ['Provides check-ups, fillings, extractions and root canal treatment.', 'Special interest in children\'s dentistry and orthodontics.'] },
};

export const pharmacistFocus: Record<string, string> = {
  'Community Pharmacy': 'Counsels patients on prescriptions, over-the-counter medicines and blood pressure and sugar checks.',
  'Hospital Pharmacy': 'Manages inpatient dispensing, drug stock and safe medication use on the wards.',
  'Clinical Pharmacy': 'Works with doctors on ward rounds to optimise drug therapy and prevent interactions.',
  'Industrial Pharmacy': 'Experienced in pharmaceutical manufacturing, quality control and GMP compliance.',
  'Pharmaceutical Care': 'Helps patients with chronic conditions take their medicines correctly and safely.',
  Pharmacovigilance: 'Monitors and reports adverse drug reactions and advises on medicine safety.',
  'Drug Information': 'Answers medicine questions from doctors, nurses and patients with up-to-date evidence.',
  'Regulatory Affairs': 'Advises on NAFDAC registration and regulatory compliance for medicines.',
  'Pharmaceutical Research': 'Researches medicinal plants and drug formulations.',
  'Compounding Pharmacy': 'Prepares custom formulations for children and patients with special needs.',
};

export const nurseFocus: Record<string, string> = {
  'General Nursing': 'Provides bedside care, wound dressing, medication administration and patient education.',
  'Pediatric Nursing': 'Cares for sick children and supports parents through admission and recovery.',
  'Surgical Nursing': 'Prepares patients for surgery and manages post-operative care and wounds.',
  'Critical Care Nursing': 'Works in intensive care, caring for critically ill patients on monitors and ventilators.',
  'Mental Health Nursing': 'Supports patients with mental health conditions and their families.',
  'Community Health Nursing': 'Runs community outreach, immunisation and health education programmes.',
  Midwifery: 'Provides antenatal care, supports safe delivery and postnatal care for mothers and babies.',
  'Geriatric Nursing': 'Cares for older adults at home and in hospital, with a focus on dignity and mobility.',
  'Oncology Nursing': 'Supports cancer patients through chemotherapy and palliative care.',
  'Emergency Nursing': 'Triages and treats patients in the emergency department.',
  'Operating Room Nursing': 'Scrub and circulating nurse for general and specialist surgery.',
  'Public Health Nursing': 'Leads disease surveillance, family planning and maternal health programmes.',
};

export const bioClosings = [
  'Patients describe {them} as patient, thorough and easy to talk to.',
  'Believes in explaining every diagnosis and treatment in plain language.',
  'Offers telephone follow-up for returning patients.',
  'Committed to affordable, evidence-based care.',
  'Takes time to listen and involves families in decisions about care.',
  'Regularly volunteers at free medical outreaches in rural communities.',
];

export const doctorCertifications = ['Basic Life Support (BLS)', 'Advanced Cardiac Life Support (ACLS)', 'Advanced Trauma Life Support (ATLS)',
  'Paediatric Advanced Life Support (PALS)', 'Neonatal Resuscitation Programme (NRP)', 'Good Clinical Practice (GCP)'];
export const pharmacistCertifications = ['PCN Mandatory Continuing Professional Development', 'Certified Immunizer', 'Medication Therapy Management',
  'Good Pharmacy Practice', 'Basic Life Support (BLS)'];
export const nurseCertifications = ['Basic Life Support (BLS)', 'Infection Prevention and Control', 'Helping Babies Breathe',
  'Life Saving Skills (LSS)', 'Advanced Cardiac Life Support (ACLS)', 'Wound Care Certification'];

export const phonePrefixes = ['0803', '0806', '0813', '0816', '0703', '0706', '0810', '0814', '0903', '0906',
  '0805', '0807', '0815', '0811', '0905', '0802', '0808', '0812', '0701', '0708', '0902', '0901', '0907', '0809', '0817', '0818', '0909'];

export const emailDomains = ['example.com', 'example.org', 'example.net'];

/** Institution name words. */
export const virtues = ['Grace', 'Mercy', 'Divine', 'Hope', 'Faith', 'Covenant', 'Bethesda', 'Shalom', 'Lifeline', 'Crestview',
  'Goodness', 'Rehoboth', 'Cedarcrest', 'Evergreen', 'Royal Cross', "St. Luke's", "St. Mary's", "St. Anne's", 'Holy Family',
  'Unity', 'Zenith', 'Pinnacle', 'Premier', 'Victory', 'Kings Care', 'Life Link', 'First Choice', 'Trinity', 'Ark', 'Alpha',
  'Sunshine', 'Goshen', 'Peace', 'Harmony', 'Marigold', 'Reliance', 'Heritage', 'Emerald', 'Silverline', 'Bluecrest',
  'Good Shepherd', 'Lily', 'Crown', 'Gold Cross', 'New Life', 'Living Spring', 'Mayfair', 'Oakwood', 'Springfield', 'Tender Care'];

export const reviewComments: Record<1 | 2 | 3 | 4 | 5, readonly string[]> = {
  5: ['Very thorough and patient. Explained everything clearly.', 'Excellent care. I felt listened to and respected.',
    'The best consultation I have had in years. Highly recommended.', 'Professional, punctual and very kind.',
    'Everything was well organised and I was seen on time.', 'Took time to answer all my questions. God bless you.',
    'My child was comfortable throughout. Thank you so much!', 'Clean facility and friendly staff. Five stars.',
    'Diagnosis was spot on and the treatment worked within days.', 'Very caring. Called to check on me after the visit.',
    'Seen within 15 minutes of arriving. Impressive.', 'Explained my test results in simple terms. I left reassured.'],
  4: ['Good consultation, though the wait was a bit long.', 'Knowledgeable and friendly. Parking was difficult.',
    'Helpful advice and fair price.', 'Good experience overall. The reception could be faster.',
    'Very competent. I had to wait about an hour, but it was worth it.', 'Clear explanations and good follow-up.',
    'Nice staff and a clean waiting area.', 'Treatment worked well. Would visit again.'],
  3: ['Okay visit, but I waited over two hours.', 'The consultation was fine but felt rushed.',
    'Average experience. The front desk was disorganised.', 'Good care but quite expensive.',
    'Helpful in the end, but the appointment started late.'],
  2: ['Rushed consultation. I did not get answers to my questions.', 'Waited three hours and was seen for five minutes.',
    'Staff were not very friendly.', 'Had to repeat tests because results were misplaced.'],
  1: ['Very poor experience. My appointment was not honoured.', 'Nobody explained anything to me.',
    'I was turned back after waiting all morning.', 'Unprofessional attitude from the staff.'],
};

export const appointmentReasons: Record<string, readonly string[]> = {
  consultation: ['Persistent headaches for two weeks', 'Chest pain when climbing stairs', 'Fever and body aches',
    'High blood pressure readings at home', 'Skin rash that will not clear', "Child's cough and fever", 'Blurred vision',
    'Lower back pain', 'Recurring malaria symptoms', 'Stomach pain after meals', 'Trouble sleeping', 'Painful knee after a fall',
    'Irregular periods', 'Frequent urination and thirst', 'Ear pain and blocked ear'],
  'follow-up': ['Review of blood test results', 'Blood pressure follow-up', 'Diabetes follow-up', 'Post-surgery review',
    'Medication review', 'Review after malaria treatment', 'Antenatal follow-up'],
  'check-up': ['Annual medical check-up', 'Pre-employment medical', 'Routine antenatal check-up', "Child's immunisation visit",
    'Eye check-up', 'Well-woman check', 'Cholesterol and sugar screening'],
  procedure: ['Wound dressing', 'Removal of stitches', 'Ultrasound scan', 'ECG', 'Minor surgical procedure', 'Ear syringing',
    'Family planning implant'],
  emergency: ['Sudden high fever', 'Severe abdominal pain', 'Deep cut on the hand', 'Asthma attack', 'Fainting episode'],
};

export const pharmacyReasons = ['Medication review', 'Blood pressure check', 'Blood sugar check', 'Vaccination',
  'Advice on a new prescription', 'Refill of regular medicines'];
export const labReasons = ['Full blood count', 'Malaria parasite test', 'Lipid profile', 'Abdominal ultrasound', 'Chest X-ray',
  'Fasting blood sugar', 'Pelvic ultrasound', 'Liver function test'];

export const professionalRejectionReasons = [
  'The licence number could not be verified with the registering council.',
  'Education details are incomplete: please add your degree, school and year.',
  'The profile photo and name do not match the licence record.',
  'Duplicate application for an existing profile.',
];
export const institutionRejectionReasons = [
  'The CAC registration could not be verified.',
  'The address could not be confirmed; please add the full street address.',
  'The facility licence from the State Ministry of Health has expired.',
  'Duplicate application for an existing institution.',
];
