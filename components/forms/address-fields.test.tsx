import { addressFormValues } from './address-fields';

describe('addressFormValues', () => {
  it('masks the stored CEP and keeps the state id and city name the form edits', () => {
    expect(
      addressFormValues({
        cep: '01310100',
        address: 'Avenida Paulista',
        number: '1000',
        complement: null,
        district: 'Bela Vista',
        state: { id: '25' },
        city: { name: 'São Paulo' },
      }),
    ).toEqual({
      cep: '01310-100',
      address: 'Avenida Paulista',
      number: '1000',
      complement: '',
      district: 'Bela Vista',
      stateId: '25',
      cityName: 'São Paulo',
    });
  });

  it('gives empty fields when there is no address yet', () => {
    expect(addressFormValues(null)).toEqual({
      cep: '',
      address: '',
      number: '',
      complement: '',
      district: '',
      stateId: '',
      cityName: '',
    });
  });
});
